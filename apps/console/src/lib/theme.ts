export type Theme = "light" | "dark";

const KEY = "metabuild.theme";

/** The user's explicit choice, else the system's preference. */
export function initialTheme(): Theme {
  const saved = localStorage.getItem(KEY);
  if (saved === "light" || saved === "dark") return saved;
  return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** Applies a theme to the page: our CSS variables and AG Grid's colour scheme follow it. */
export function applyTheme(theme: Theme, remember = false): void {
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.dataset.agThemeMode = theme;
  root.style.colorScheme = theme;
  if (remember) localStorage.setItem(KEY, theme);
}
