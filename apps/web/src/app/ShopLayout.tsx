import { Suspense, lazy, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Link, NavLink, Outlet, ScrollRestoration, useLocation, useNavigation } from "react-router-dom";
import { CART_BOUNCE_MS } from "@shop/shared/constants";
import { HeaderSearch } from "../features/search/HeaderSearch";
import { CartIcon, HeartIcon, HomeIcon, OrdersIcon, SearchIcon } from "../components/Icons";
import { Toasts } from "../components/Toasts";
import { useCanonicalLink } from "../hooks/useCanonicalLink";
import { isInTelegram } from "../lib/telegram";
import { NO_ITEMS, cartCount, useCart, useCartItems } from "../stores/cart";
import { useWishlist } from "../stores/wishlist";
import styles from "./ShopLayout.module.css";

// Telegram's BackButton and closing confirmation: a chunk only the Mini App loads
const MiniAppControls = lazy(() => import("./MiniAppControls"));

/** The cart icon bounces for about 500 ms after each add. */
function useCartBounce(): boolean {
  const addCount = useCart((state) => state.addCount);
  const first = useRef(addCount);
  const [bouncing, setBouncing] = useState(false);
  useEffect(() => {
    if (addCount === first.current) return;
    setBouncing(false);
    const start = requestAnimationFrame(() => setBouncing(true));
    const stop = setTimeout(() => setBouncing(false), CART_BOUNCE_MS);
    return () => {
      cancelAnimationFrame(start);
      clearTimeout(stop);
    };
  }, [addCount]);
  return bouncing;
}

function Badge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className={styles.badge} aria-label={label} data-testid="count-badge">
      {count > 99 ? "99+" : count}
    </span>
  );
}

function Logo() {
  return (
    <Link to="/" className={styles.logo} aria-label="Ремесло — на главную">
      <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" className={styles.logoMark}>
        <circle cx="16" cy="16" r="15" fill="currentColor" opacity="0.12" />
        <path
          d="M12 8.5h8M13 8.5c0 3-3.5 4.5-3.5 9.5 0 4 2.8 6.5 6.5 6.5s6.5-2.5 6.5-6.5c0-5-3.5-6.5-3.5-9.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
        />
        <path d="M10.2 17.5c3.8 1.6 7.8 1.6 11.6 0" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
      <span className={styles.logoText}>Ремесло</span>
    </Link>
  );
}

/**
 * Desktop header, mobile top bar and bottom navigation, toasts: the frame of every public page. Inside Telegram
 * (ShopLayout.module.css, `data-telegram`) Telegram's own header stands in for the top bar on phones and for the logo
 * on wider screens; the bottom navigation then also leads to my orders. Those links are in every rendering and shown only
 * under `data-telegram`, which index.html sets before the first paint: the server's page (rendered without knowing it
 * is inside Telegram) already has the Mini App's layout.
 */
export default function ShopLayout() {
  // on the cart and the checkout the server may know the cart (its cookie): the badge is rendered with it
  const count = cartCount(useCartItems() ?? NO_ITEMS);
  const wishCount = useWishlist((state) => state.items.length);
  const bouncing = useCartBounce();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const inTelegram = isInTelegram();
  const hideBottomNav = pathname === "/cart" || pathname === "/checkout";
  useCanonicalLink();
  // from the first commit on, what #root shows is the app's own rendering (base.css, .replaced-in-telegram)
  useLayoutEffect(() => {
    document.getElementById("root")?.setAttribute("data-app", "");
  }, []);

  return (
    <div className={`${styles.shell} ${hideBottomNav ? styles.noBottomNav : ""}`}>
      <a href="#main" className={styles.skip}>
        К содержимому
      </a>
      {navigation.state === "loading" ? <div className={styles.progress} aria-hidden="true" /> : null}

      <header className={styles.header}>
        <div className={`container ${styles.headerInner}`}>
          <Logo />
          <div className={styles.desktopOnly + " " + styles.searchSlot}>
            <HeaderSearch />
          </div>
          <nav className={styles.headerNav} aria-label="Личное">
            <NavLink to="/my-orders" className={`${styles.headerLink} ${styles.telegramOnly}`} aria-label="Мои заказы">
              <OrdersIcon />
              <span className={styles.ordersText}>Мои заказы</span>
            </NavLink>
            <NavLink to="/wishlist" className={`${styles.headerLink} ${styles.desktopOnly}`}>
              <span className={styles.iconWrap}>
                <HeartIcon />
                <Badge count={wishCount} label={`В избранном: ${wishCount}`} />
              </span>
              <span className={styles.headerLinkText}>Избранное</span>
            </NavLink>
            <NavLink to="/cart" className={`${styles.headerLink} ${styles.desktopOnly}`} data-testid="header-cart">
              <span className={`${styles.iconWrap} ${bouncing ? styles.bounce : ""}`} data-cart-target>
                <CartIcon />
                <Badge count={count} label={`Товаров в корзине: ${count}`} />
              </span>
              <span className={styles.headerLinkText}>Корзина</span>
            </NavLink>
          </nav>
        </div>
      </header>

      <main id="main" className={styles.main}>
        <Outlet />
      </main>

      <footer className={styles.footer}>
        <div className="container">
          <p>Ремесло — изделия ручной работы и декор для дома. Сделано с любовью небольшими мастерскими.</p>
          <p className={styles.footerLinks}>
            <Link to="/privacy">Политика конфиденциальности</Link>
          </p>
        </div>
      </footer>

      {hideBottomNav ? null : (
        <nav className={styles.bottomNav} aria-label="Разделы">
          <NavLink to="/" end className={styles.tab}>
            <HomeIcon />
            <span>Главная</span>
          </NavLink>
          <NavLink to="/search" className={styles.tab}>
            <SearchIcon />
            <span>Поиск</span>
          </NavLink>
          <NavLink to="/wishlist" className={styles.tab}>
            <span className={styles.iconWrap}>
              <HeartIcon />
              <Badge count={wishCount} label={`В избранном: ${wishCount}`} />
            </span>
            <span>Избранное</span>
          </NavLink>
          <NavLink to="/my-orders" className={`${styles.tab} ${styles.telegramOnly}`}>
            <OrdersIcon />
            <span>Мои заказы</span>
          </NavLink>
          <NavLink to="/cart" className={styles.tab} data-testid="bottom-cart">
            <span className={`${styles.iconWrap} ${bouncing ? styles.bounce : ""}`} data-cart-target>
              <CartIcon />
              <Badge count={count} label={`Товаров в корзине: ${count}`} />
            </span>
            <span>Корзина</span>
          </NavLink>
        </nav>
      )}
      <Toasts />
      <ScrollRestoration />
      {inTelegram ? (
        <Suspense fallback={null}>
          <MiniAppControls />
        </Suspense>
      ) : null}
    </div>
  );
}
