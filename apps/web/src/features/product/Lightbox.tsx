import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type WheelEvent } from "react";
import type { ProductImage as ProductImageShape } from "@shop/shared/schemas/catalog";
import { LIGHTBOX_MAX_ZOOM, LIGHTBOX_MIN_ZOOM, LIGHTBOX_ZOOM_STEP, SWIPE_THRESHOLD_PX } from "@shop/shared/constants";
import { ProductImage } from "../../components/ProductImage";
import { useTelegramFullscreen } from "../../hooks/useTelegramFullscreen";
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from "../../components/Icons";
import { Thumbnails } from "./Thumbnails";
import styles from "./Lightbox.module.css";

interface Props {
  images: ProductImageShape[];
  name: string;
  index: number;
  onIndex(index: number): void;
  onClose(): void;
}

const clampZoom = (zoom: number) =>
  Math.min(LIGHTBOX_MAX_ZOOM, Math.max(LIGHTBOX_MIN_ZOOM, Math.round(zoom * 10) / 10));

/**
 * Full-screen viewer: close button and Escape, arrows and arrow keys with wrap-around, 'n / total', thumbnails,
 * wheel zoom 1–3 in steps of 0.2, double-click 1↔2, drag to pan when zoomed, swipe on touch. The page does not
 * scroll while it is open, and focus stays inside until it closes. Inside Telegram it takes the full screen, its
 * controls clear of Telegram's own (the --safe-* insets).
 */
export function Lightbox({ images, name, index, onIndex, onClose }: Props) {
  const count = images.length;
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const [dragging, setDragging] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const pointer = useRef<{ id: number; x: number; y: number; ox: number; oy: number; startX: number; startY: number } | null>(null);

  useTelegramFullscreen();

  const go = useCallback((next: number) => onIndex((next + count) % count), [count, onIndex]);

  useEffect(() => {
    setZoom(1);
    setOffset({ x: 0, y: 0 });
  }, [index]);

  const clampOffset = useCallback((x: number, y: number, z: number) => {
    const rect = stageRef.current?.getBoundingClientRect();
    if (!rect) return { x, y };
    const maxX = ((z - 1) * rect.width) / 2;
    const maxY = ((z - 1) * rect.height) / 2;
    return { x: Math.max(-maxX, Math.min(maxX, x)), y: Math.max(-maxY, Math.min(maxY, y)) };
  }, []);

  const applyZoom = useCallback(
    (next: number) => {
      const z = clampZoom(next);
      setZoom(z);
      setOffset((current) => (z === 1 ? { x: 0, y: 0 } : clampOffset(current.x, current.y, z)));
    },
    [clampOffset],
  );

  // scroll lock, focus in and back out, keyboard
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    dialogRef.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        onClose();
      } else if (event.key === "ArrowLeft" && count > 1) {
        event.preventDefault();
        go(index - 1);
      } else if (event.key === "ArrowRight" && count > 1) {
        event.preventDefault();
        go(index + 1);
      } else if (event.key === "Tab") {
        const focusable = [...(dialogRef.current?.querySelectorAll<HTMLElement>("button") ?? [])];
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (!first || !last) return;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [count, go, index, onClose]);

  const onWheel = (event: WheelEvent) => {
    if (event.deltaY === 0) return;
    applyZoom(zoom + (event.deltaY < 0 ? LIGHTBOX_ZOOM_STEP : -LIGHTBOX_ZOOM_STEP));
  };

  const onPointerDown = (event: ReactPointerEvent) => {
    if (event.button !== 0) return;
    pointer.current = {
      id: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      ox: offset.x,
      oy: offset.y,
      startX: event.clientX,
      startY: event.clientY,
    };
    if (zoom > 1) {
      (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
      setDragging(true);
    }
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    const start = pointer.current;
    if (!start || start.id !== event.pointerId || zoom <= 1) return;
    setOffset(clampOffset(start.ox + event.clientX - start.x, start.oy + event.clientY - start.y, zoom));
  };
  const onPointerUp = (event: ReactPointerEvent) => {
    const start = pointer.current;
    pointer.current = null;
    setDragging(false);
    if (!start || zoom > 1 || count < 2) return;
    // not zoomed: a horizontal swipe (touch or mouse) switches images
    const dx = event.clientX - start.startX;
    const dy = event.clientY - start.startY;
    if (Math.abs(dx) > SWIPE_THRESHOLD_PX && Math.abs(dx) > Math.abs(dy)) go(dx < 0 ? index + 1 : index - 1);
  };

  return (
    <div ref={dialogRef} className={styles.overlay} role="dialog" aria-modal="true" aria-label={`Фотографии: ${name}`}>
      <div className={styles.top}>
        <span className={styles.counter} aria-live="polite" data-testid="lightbox-counter">
          {index + 1} / {count}
        </span>
        <span className={styles.zoomLevel} aria-hidden={zoom === 1}>
          {zoom > 1 ? `${Math.round(zoom * 100)}%` : ""}
        </span>
        <button type="button" className={styles.close} onClick={onClose} aria-label="Закрыть" data-autofocus>
          <CloseIcon size={26} />
        </button>
      </div>

      <div
        ref={stageRef}
        className={`${styles.stage} ${zoom > 1 ? styles.zoomed : ""} ${dragging ? styles.dragging : ""}`}
        onWheel={onWheel}
        onDoubleClick={() => applyZoom(zoom === 1 ? 2 : 1)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          pointer.current = null;
          setDragging(false);
        }}
        onClick={(event) => {
          if (event.target === event.currentTarget && zoom === 1) onClose();
        }}
        data-testid="lightbox-stage"
        data-zoom={zoom}
      >
        <div
          className={styles.frame}
          style={{ transform: `translate(${offset.x}px, ${offset.y}px) scale(${zoom})` }}
        >
          <ProductImage image={images[index]} alt={`${name} — фото ${index + 1}`} variant="full" priority className={styles.image} />
        </div>
      </div>

      {count > 1 ? (
        <>
          <button type="button" className={`${styles.arrow} ${styles.prev}`} onClick={() => go(index - 1)} aria-label="Предыдущее фото">
            <ChevronLeftIcon size={28} />
          </button>
          <button type="button" className={`${styles.arrow} ${styles.next}`} onClick={() => go(index + 1)} aria-label="Следующее фото">
            <ChevronRightIcon size={28} />
          </button>
          <Thumbnails images={images} index={index} onIndex={onIndex} variant="lightbox" label="Фотографии" />
        </>
      ) : null}
    </div>
  );
}
