import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import type { ConfigResponse } from "@shop/shared/schemas/telegram";
import { formatPrice } from "@shop/shared/format";
import { api } from "../../lib/api";
import { useQuery } from "../../lib/query";
import { isInTelegram, openLinkInTelegram } from "../../lib/telegram";
import { shareProductInTelegram } from "../../lib/telegram-share";
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

/** The page's own address, without the hash (inside Telegram the first page's hash holds the signed launch data). */
function pageUrl(): string {
  return window.location.origin + window.location.pathname + window.location.search;
}

/** <miniAppUrl>?startapp=product_<id>: opens the Mini App on this product (lib/telegram-start.ts). */
export function miniAppProductLink(miniAppUrl: string, productId: number): string {
  const link = new URL(miniAppUrl);
  link.searchParams.set("startapp", `product_${productId}`);
  return link.toString();
}

/** The system share sheet, where the browser has one (phones mostly); never inside Telegram, which has its own. */
function systemShare(): ((data: ShareData) => Promise<void>) | null {
  return typeof navigator.share === "function" ? (data) => navigator.share(data) : null;
}

/**
 * Share menu: on the website, where the browser has a system share sheet, the button opens it (with the page URL
 * and 'name - price руб.'); otherwise the menu: the messenger (Telegram, with 'name - price руб.'), the Russian social network (VK), and copy link
 * with the alerts 'Ссылка скопирована!' / 'Не удалось скопировать ссылку'. Closes on an outside click or Escape.
 * On the website they carry the page URL; inside the Mini App, when the bot has a registered Mini App link, they
 * carry that link with `startapp=product_<id>` (it opens the Mini App on the product), and links open through
 * Telegram (its chat picker for the messenger). There the messenger item sends the product's card itself through
 * Telegram's share dialog when the client can (lib/telegram-share.ts), and the link only when it cannot.
 */
export function ShareMenu({ productId, name, price }: { productId: number; name: string; price: number }) {
  const [open, setOpen] = useState(false);
  const inTelegram = isInTelegram();
  // read when the menu first opens, so a product page costs no extra request
  const [wanted, setWanted] = useState(false);
  const config = useQuery<ConfigResponse | null>(inTelegram && wanted ? "config" : null, () => api.config(), null);
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

  const miniAppUrl = config.data?.miniAppUrl;
  const url = () => (inTelegram && miniAppUrl ? miniAppProductLink(miniAppUrl, productId) : pageUrl());
  const openShare = (shareUrl: string) => {
    if (!openLinkInTelegram(shareUrl)) window.open(shareUrl, "_blank", "noopener,noreferrer");
    setOpen(false);
  };
  const shareToMessenger = async () => {
    // inside Telegram the product's card itself, through Telegram's share dialog; else a share link
    if (inTelegram && (await shareProductInTelegram(productId))) return setOpen(false);
    openShare(
      `https://t.me/share/url?url=${encodeURIComponent(url())}&text=${encodeURIComponent(`${name} - ${formatPrice(price)}`)}`,
    );
  };
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
        onClick={() => {
          const share = inTelegram ? null : systemShare();
          if (share && !open) {
            share({ title: name, text: `${name} - ${formatPrice(price)}`, url: pageUrl() }).catch((error: unknown) => {
              // the shopper closed the sheet: nothing to do; any other failure falls back to the menu
              if ((error as DOMException)?.name !== "AbortError") setOpen(true);
            });
            return;
          }
          setWanted(true);
          setOpen((value) => !value);
        }}
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
