import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers, createQueryClient } from "./app/providers.tsx";
import { createRouter } from "./app/router.tsx";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html lacks #root");

createRoot(root).render(
  <StrictMode>
    <Providers client={createQueryClient()}>
      <RouterProvider router={createRouter()} />
    </Providers>
  </StrictMode>,
);
