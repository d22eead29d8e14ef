import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { formatPrice } from "@shop/shared/format";
import { LinkIcon, SendIcon, ShareIcon } from "../../components/Icons";
import styles from "./ShareMenu.module.css";

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  // older browsers and some webviews: a hidden textarea and the copy command
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy command refused");
}

/**
 * Share menu: the messenger (Telegram, with 'name - price руб.'), the Russian social network (VK), and copy link
 * with the alerts 'Ссылка скопирована!' / 'Не удалось скопировать ссылку'. Closes on an outside click or Escape.
 */
export function ShareMenu({ name, price }: { name: string; price: number }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKey);
    rootRef.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus();
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const url = () => window.location.href;
  const openShare = (shareUrl: string) => {
    window.open(shareUrl, "_blank", "noopener,noreferrer");
    setOpen(false);
  };
  const shareToMessenger = () =>
    openShare(
      `https://t.me/share/url?url=${encodeURIComponent(url())}&text=${encodeURIComponent(`${name} - ${formatPrice(price)}`)}`,
    );
  const shareToVk = () => openShare(`https://vk.com/share.php?url=${encodeURIComponent(url())}`);
  const copyLink = async () => {
    setOpen(false);
    try {
      await copyText(url());
      window.alert("Ссылка скопирована!");
    } catch (error) {
      console.error("copy link failed", error);
      window.alert("Не удалось скопировать ссылку");
    }
  };

  const onMenuKey = (event: ReactKeyboardEvent) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    const items = [...(rootRef.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? [])];
    const current = items.indexOf(document.activeElement as HTMLElement);
    const next = event.key === "ArrowDown" ? (current + 1) % items.length : (current - 1 + items.length) % items.length;
    items[next]?.focus();
  };

  return (
    <div className={styles.share} ref={rootRef}>
      <button
        type="button"
        ref={buttonRef}
        className={styles.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        aria-label="Поделиться"
        title="Поделиться"
      >
        <ShareIcon size={20} />
      </button>
      {open ? (
        <div id={menuId} className={styles.menu} role="menu" aria-label="Поделиться" onKeyDown={onMenuKey}>
          <button type="button" role="menuitem" className={styles.item} onClick={shareToMessenger}>
            <SendIcon size={18} />
            Telegram
          </button>
          <button type="button" role="menuitem" className={styles.item} onClick={shareToVk}>
            <span className={styles.vk} aria-hidden="true">
              VK
            </span>
            ВКонтакте
          </button>
          <button type="button" role="menuitem" className={styles.item} onClick={copyLink}>
            <LinkIcon size={18} />
            Копировать ссылку
          </button>
        </div>
      ) : null}
    </div>
  );
}
