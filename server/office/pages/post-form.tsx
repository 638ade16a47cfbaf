/** @jsxImportSource preact */
import { createContext, type FormHTMLAttributes } from "preact";
import { useContext } from "preact/hooks";

/** The session's form token, given once by the page (layout.tsx) to every form on it. */
export const FormToken = createContext("");

/**
 * Every form of the office that changes something: a POST that carries the session's form token, which the server
 * checks before anything else (server/office/routing.tsx). A view never writes the token field itself.
 */
export function PostForm({ children, ...attributes }: Omit<FormHTMLAttributes, "method">) {
  const token = useContext(FormToken);
  return (
    <form method="post" {...attributes}>
      <input type="hidden" name="csrf" value={token} />
      {children}
    </form>
  );
}
