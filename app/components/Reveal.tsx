import { useEffect, useRef, type ElementType, type ReactNode } from "react";
import { HydrationPiece } from "./HydrationPiece";
import styles from "./Reveal.module.css";

interface RevealProps {
  children: ReactNode;
  as?: ElementType;
  className?: string;
  /** For in-page links to the block. */
  id?: string;
}

/**
 * A gentle fade-and-rise each time the content enters the viewport (spec: 1000 ms, repeating, not once).
 * Without JavaScript, before hydration and under prefers-reduced-motion the content is simply visible;
 * after hydration an element outside the viewport waits hidden until it scrolls in.
 */
export function Reveal({ children, as: Tag = "div", className, id }: RevealProps) {
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry) element.dataset.reveal = entry.isIntersecting ? "shown" : "hidden";
      },
      { threshold: 0.12 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Each block hydrates in a task of its own (app/lib/hydration-pieces.ts).
  return (
    <HydrationPiece>
      <Tag ref={ref} id={id} className={className ? `${styles.reveal} ${className}` : styles.reveal}>
        {children}
      </Tag>
    </HydrationPiece>
  );
}
