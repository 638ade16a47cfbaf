import {
  useEffect,
  useReducer,
  useRef,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type SVGProps,
} from "react";
import { Link } from "react-router";
import type { ImageName } from "../../content/images";
import {
  CAROUSEL_INTERVAL_MS,
  carouselReducer,
  initialCarouselState,
  isCarouselKey,
  isRotating,
} from "../../lib/carousel";
import { paths } from "../../lib/paths";
import { useMediaQuery } from "../../lib/use-media-query";
import { Illustration } from "../Illustration";
import styles from "./Carousel.module.css";
import { KeepTogether } from "../KeepTogether";

export interface CarouselSlide {
  id: number;
  image: ImageName;
  /** Alt text of the image; the images are decorative by default, the slide's text carries the meaning. */
  imageAlt?: string;
  /** The heading. */
  title: string;
  /** The subtitle. */
  title2: string;
  /** The tagline. */
  title3: string;
}

export interface CarouselProps {
  slides: readonly CarouselSlide[];
  /** Names the carousel region; it should not contain the word "carousel", which the role description adds. */
  label: string;
  /** The element of each slide's title; the page keeps its own h1. */
  headingLevel?: "h2" | "h3" | "p";
}

/**
 * The Home banner carousel (the spec's screens), built on the WAI-ARIA APG carousel pattern with slide picker buttons.
 * The first render is the same on the server and in the browser (slide 1, rotating); timers and the reduced-motion
 * query only start in effects, so the pre-rendered HTML hydrates without a mismatch.
 */
export function Carousel({ slides, label, headingLevel: Heading = "h2" }: CarouselProps) {
  const [state, dispatch] = useReducer(carouselReducer, slides.length, initialCarouselState);
  const rotating = isRotating(state);
  const reducedMotion = useMediaQuery("(prefers-reduced-motion: reduce)");
  const swipeStartX = useRef<number | null>(null);
  const hasControls = slides.length > 1;

  useEffect(() => {
    if (reducedMotion) dispatch({ type: "stop" });
  }, [reducedMotion]);

  // A timeout keyed on the slide, not an interval: any change of slide (button, key, swipe) gives the new slide
  // its full 5 seconds.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => dispatch({ type: "tick" }), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, state.index]);

  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    // Alt+Left is the browser's Back; leave every modified arrow to the browser.
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || !isCarouselKey(event.key)) return;
    event.preventDefault();
    dispatch({ type: "key", key: event.key });
  }

  function handleBlur(event: FocusEvent<HTMLElement>) {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    dispatch({ type: "focus", inside: false });
  }

  function handlePointerDown(event: PointerEvent<HTMLElement>) {
    swipeStartX.current = event.isPrimary && event.button === 0 ? event.clientX : null;
  }

  function handlePointerUp(event: PointerEvent<HTMLElement>) {
    const startX = swipeStartX.current;
    swipeStartX.current = null;
    if (startX !== null) dispatch({ type: "swipe", deltaX: event.clientX - startX });
  }

  return (
    // Arrow keys and swipes are shortcuts on top of the buttons inside, which carry every action for assistive
    // technology; the section itself is a landmark, not a widget.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={handleKeyDown}
      onFocus={() => dispatch({ type: "focus", inside: true })}
      onBlur={handleBlur}
      onPointerEnter={() => dispatch({ type: "hover", inside: true })}
      onPointerLeave={() => dispatch({ type: "hover", inside: false })}
      onPointerDown={handlePointerDown}
      onPointerUp={handlePointerUp}
      onPointerCancel={() => {
        swipeStartX.current = null;
      }}
    >
      {hasControls && (
        // First in the tab order, as the APG asks, so the rotation button comes before any moving content.
        <div className={`container ${styles.controls}`}>
          <button
            type="button"
            className={styles.roundButton}
            onClick={() => dispatch({ type: "toggle" })}
            aria-label={state.playing ? "Stop automatic slide show" : "Start automatic slide show"}
          >
            {state.playing ? <PauseIcon /> : <PlayIcon />}
          </button>
          <button
            type="button"
            className={styles.roundButton}
            onClick={() => dispatch({ type: "prev" })}
            aria-label="Previous slide"
          >
            <ArrowIcon direction="left" />
          </button>
          <div className={styles.pickers} role="group" aria-label="Choose slide to display">
            {slides.map((slide, index) => (
              <button
                key={slide.id}
                type="button"
                className={styles.picker}
                onClick={() => dispatch({ type: "goTo", index })}
                aria-label={`Slide ${index + 1}`}
                // APG "grouped carousel": the current slide's picker is aria-disabled, and stays in the tab order.
                aria-disabled={index === state.index ? true : undefined}
              />
            ))}
          </div>
          <button
            type="button"
            className={styles.roundButton}
            onClick={() => dispatch({ type: "next" })}
            aria-label="Next slide"
          >
            <ArrowIcon direction="right" />
          </button>
        </div>
      )}

      {/* Announces the new slide only when it changed because the visitor asked, never during rotation. */}
      <div className={styles.slides} aria-live={rotating ? "off" : "polite"} aria-atomic="false">
        {slides.map((slide, index) => {
          const current = index === state.index;
          return (
            <div
              key={slide.id}
              className={current ? `${styles.slide} ${styles.current}` : styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              // Hidden slides stay in the HTML (for search engines and no-JS readers) but out of the
              // accessibility tree at once; CSS hides them from view after the cross-fade.
              inert={!current}
            >
              <Illustration
                name={slide.image}
                alt={slide.imageAlt ?? ""}
                priority={index === 0}
                className={styles.image}
                sizes="100vw"
              />
              <div className={`container ${styles.text}`}>
                <Heading className={styles.title}>{slide.title}</Heading>
                <p className={styles.subtitle}>
                  <KeepTogether text={slide.title2} />
                </p>
                <p className={styles.tagline}>
                  <KeepTogether text={slide.title3} />
                </p>
              </div>
            </div>
          );
        })}
      </div>

      {/* Shared by every slide and outside them, so focus on a link never sits in a slide that rotates away. */}
      <div className={`container ${styles.actions}`}>
        <Link to={paths.services} className="button button-primary">
          View our services
        </Link>
        <Link to={paths.contact} className={`button button-outline ${styles.outlineLink}`}>
          Contact us
        </Link>
      </div>
    </section>
  );
}

function ControlIcon(props: SVGProps<SVGSVGElement>) {
  return <svg width={20} height={20} viewBox="0 0 24 24" aria-hidden="true" focusable="false" {...props} />;
}

function PauseIcon() {
  return (
    <ControlIcon fill="currentColor">
      <rect x="6" y="5" width="4" height="14" rx="1" />
      <rect x="14" y="5" width="4" height="14" rx="1" />
    </ControlIcon>
  );
}

function PlayIcon() {
  return (
    <ControlIcon fill="currentColor">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z" />
    </ControlIcon>
  );
}

function ArrowIcon({ direction }: { direction: "left" | "right" }) {
  return (
    <ControlIcon fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round">
      <path d={direction === "left" ? "m15 5-7 7 7 7" : "m9 5 7 7-7 7"} />
    </ControlIcon>
  );
}
