import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
// From react-router/dom: only this RouterProvider honours navigate({ flushSync }).
import { RouterProvider } from "react-router/dom";
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
