import { useCallback, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { NavLink, useLocation } from "react-router";
import { menu, type MenuItem } from "../../content/menu";
import { mediaQuery } from "../../styles/breakpoints";
import { ChevronDownIcon, CloseIcon } from "../icons";
import { useMediaQuery } from "../../lib/use-media-query";
import { HydrationPiece } from "../HydrationPiece";
import styles from "./MainMenu.module.css";

export const mainMenuId = "main-menu";

/** Elements outside the menu marked with this attribute become inert while the slide-in menu is open. */
export const inertWhenMenuOpen = { "data-menu-inert": "" } as const;

function setPageInert(inert: boolean) {
  for (const element of document.querySelectorAll<HTMLElement>("[data-menu-inert]")) {
    element.inert = inert;
  }
}

/** While the panel is open, Tab and Shift+Tab cycle through its controls instead of leaving it. */
function keepFocusInside(event: KeyboardEvent<HTMLElement>) {
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>("a[href], button")].filter(
    (element) => element.offsetParent !== null,
  );
  const first = focusable[0];
  const last = focusable.at(-1);
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first?.focus();
  }
}

function isInGroup(pathname: string, item: MenuItem): boolean {
  return item.subMenu.some((sub) => sub.link === pathname);
}

/**
 * The main menu. Above the laptop breakpoint: a bar whose sub-menus open on hover and keyboard focus.
 * At 1024 px and below: a slide-in panel behind a menu button; its sub-menus toggle one at a time.
 */
interface MainMenuProps {
  /** Whether the slide-in panel is open (compact layout only). */
  open: boolean;
  onClose: (returnFocus: boolean) => void;
}

export function MainMenu({ open, onClose }: MainMenuProps) {
  const { pathname } = useLocation();
  const current = pathname.toLowerCase().replace(/\/+$/, "") || "/";
  const compact = useMediaQuery(mediaQuery.laptop);
  // The open sub-menu belongs to the page it was opened on: a route change closes it.
  const [openSubAt, setOpenSubAt] = useState<{ id: number; path: string } | null>(null);
  const openSub = openSubAt?.path === pathname ? openSubAt.id : null;
  const setOpenSub = useCallback(
    (id: number | null | ((now: number | null) => number | null)) =>
      setOpenSubAt((now) => {
        const currentId = now?.path === pathname ? now.id : null;
        const next = typeof id === "function" ? id(currentId) : id;
        return next === null ? null : { id: next, path: pathname };
      }),
    [pathname],
  );
  const closeRef = useRef<HTMLButtonElement>(null);
  const idPrefix = useId();

  const closeMenu = useCallback(
    (returnFocus: boolean) => {
      setOpenSub(null);
      onClose(returnFocus);
    },
    [onClose, setOpenSub],
  );

  // A layout effect: the page becomes inert, and reachable again, in the same commit as the panel opens or
  // closes, so the focus that closing returns to the menu button (SiteHeader) never meets an inert page.
  useLayoutEffect(() => {
    if (!open) return;
    setPageInert(true);
    closeRef.current?.focus();
    return () => setPageInert(false);
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === "Tab" && open) {
      keepFocusInside(event);
      return;
    }
    if (event.key !== "Escape") return;
    if (open) {
      event.preventDefault();
      closeMenu(true);
    } else if (openSub !== null) {
      event.preventDefault();
      const button = document.getElementById(`${idPrefix}-button-${openSub}`);
      setOpenSub(null);
      button?.focus();
    }
  }

  return (
    <>
      {/* A pointer-only convenience: keyboard users close the panel with Escape or its Close button. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div className={styles.backdrop} data-open={open} onClick={() => closeMenu(false)} />
      <HydrationPiece>
        {/* Escape closes the menu from wherever focus is inside it; the links and buttons stay the controls. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
        <nav id={mainMenuId} className={styles.nav} data-open={open} aria-label="Main" onKeyDown={onKeyDown}>
          <div className={styles.panelHead}>
            <span className={styles.panelTitle}>Menu</span>
            <button ref={closeRef} type="button" className={styles.close} onClick={() => closeMenu(true)}>
              <CloseIcon size={22} />
              <span className="visually-hidden">Close menu</span>
            </button>
          </div>
          <ul className={`container ${styles.list}`}>
            {menu.map((item) =>
              item.subMenu.length === 0 ? (
                <li key={item.id} className={styles.item}>
                  <NavLink to={item.link} end className={styles.topLink} onClick={() => closeMenu(false)}>
                    {item.title}
                  </NavLink>
                </li>
              ) : (
                <li
                  key={item.id}
                  className={styles.item}
                  data-open={openSub === item.id}
                  onMouseEnter={compact ? undefined : () => setOpenSub(item.id)}
                  onMouseLeave={compact ? undefined : () => setOpenSub(null)}
                  onFocus={compact ? undefined : () => setOpenSub(item.id)}
                  onBlur={
                    compact
                      ? undefined
                      : (event) => {
                          if (!event.currentTarget.contains(event.relatedTarget)) setOpenSub(null);
                        }
                  }
                >
                  <button
                    id={`${idPrefix}-button-${item.id}`}
                    type="button"
                    className={styles.topButton}
                    data-active={isInGroup(current, item)}
                    aria-expanded={openSub === item.id}
                    aria-controls={`${idPrefix}-sub-${item.id}`}
                    onClick={() => setOpenSub((now) => (now === item.id && compact ? null : item.id))}
                  >
                    {item.title}
                    <ChevronDownIcon size={16} className={styles.chevron} />
                  </button>
                  <HydrationPiece>
                    <ul id={`${idPrefix}-sub-${item.id}`} className={styles.sub}>
                      {item.subMenu.map((sub) => (
                        <li key={sub.id}>
                          <NavLink to={sub.link} end className={styles.subLink} onClick={() => closeMenu(false)}>
                            {sub.title}
                          </NavLink>
                        </li>
                      ))}
                    </ul>
                  </HydrationPiece>
                </li>
              ),
            )}
          </ul>
        </nav>
      </HydrationPiece>
    </>
  );
}
