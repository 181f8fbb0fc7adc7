import { useTheme } from "../theme.tsx";

export function ThemeToggle() {
  const { theme, toggle } = useTheme();
  const dark = theme === "dark";
  return (
    <button
      type="button"
      className="button button-ghost icon-button"
      aria-pressed={dark}
      onClick={toggle}
      title={dark ? "Dark theme on" : "Dark theme off"}
    >
      <span aria-hidden="true">{dark ? "☾" : "☀"}</span>
      <span className="visually-hidden">Dark theme</span>
    </button>
  );
}
