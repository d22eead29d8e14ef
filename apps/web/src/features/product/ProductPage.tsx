import { useRef, useState } from "react";
import { Link, useParams } from "react-router-dom";
import type { Product, ProductCard } from "@shop/shared/schemas/catalog";
import { NBSP, formatPrice } from "@shop/shared/format";
import { SOLD_OUT_TEXT, availabilityOf } from "@shop/shared/stock";
import { useQuery } from "../../lib/query";
import { isInTelegram } from "../../lib/telegram";
import { usePageMeta } from "../../lib/seo";
import { quantityLimit, useCartQuantity } from "../../stores/cart";
import { addToCart, changeCartQuantity } from "../../stores/shop-actions";
import { ProductGrid } from "../../components/ProductGrid";
import { Availability } from "../../components/Availability";
import { QuantityControl } from "../../components/QuantityControl";
import { WishlistButton } from "../../components/WishlistButton";
import { EmptyState } from "../../components/EmptyState";
import { Gallery } from "./Gallery";
import { Lightbox } from "./Lightbox";
import { ShareMenu } from "./ShareMenu";
import { BuyBar } from "./BuyBar";
import { BackInStockButton, BackInStockLink } from "./BackInStockButton";
import { InStockAlternatives } from "./InStockAlternatives";
import { api } from "../../lib/api";
import type { ConfigResponse } from "@shop/shared/schemas/telegram";
import { ProductTabs } from "./ProductTabs";
import { ProductReviews } from "./ProductReviews";
import { ProductChoice } from "../../components/ProductChoice";
import { Stars } from "../../components/Stars";
import { ratingLabel, reviewsCountLabel } from "@shop/shared/reviews";
import { useProductChoice } from "./useProductChoice";
import { useTelegramBuyButtons } from "./useTelegramBuyButtons";
import { loadProduct, loadSimilar, parseProductId, productKey, similarKey } from "./product-data";
import styles from "./ProductPage.module.css";

const NO_PRODUCTS: ProductCard[] = [];

function BackLink() {
  return (
    <Link to="/" className="link-back">
      ← Назад в каталог
    </Link>
  );
}

/** Brings what 'Добавить в корзину' asked for into view: the option without a value, else the first field to fix. */
function showProblem(container: HTMLElement | null) {
  requestAnimationFrame(() => {
    const target =
      container?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      container?.querySelector<HTMLElement>('[data-testid="product-option"][aria-describedby] button:not(:disabled)');
    target?.scrollIntoView?.({ block: "center", behavior: "smooth" });
    target?.focus({ preventScroll: true });
  });
}

function ProductView({ product }: { product: Product }) {
  const [imageIndex, setImageIndex] = useState(0);
  const [lightboxOpen, setLightboxOpen] = useState(false);
  const choice = useProductChoice(product);
  // the line the choice makes; none while an option has no value
  const lineQuantity = useCartQuantity(choice.key ?? product.id);
  const quantity = choice.key === null ? 0 : lineQuantity;
  const galleryRef = useRef<HTMLDivElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const choiceRef = useRef<HTMLDivElement>(null);
  const similar = useQuery(similarKey(product.id), loadSimilar(product.id), NO_PRODUCTS);
  const mainCategory = product.categories.find((category) => category.type === "main");
  const availability = availabilityOf(choice.stock);
  // sold out and not in the cart: the page makes room on a phone's first screen for the in-stock alternatives
  const soldOut = !availability.orderable && quantity === 0;
  const inTelegram = isInTelegram();
  // the website's 'Сообщить о поступлении' needs the bot's link: asked for only on a sold-out product
  const config = useQuery<ConfigResponse | null>(inTelegram || availability.orderable ? null : "config", () => api.config(), null);
  const images = choice.images;
  // another variant's photos start from their first
  const galleryKey = images.map((image) => image.id).join(",");
  const [shownGallery, setShownGallery] = useState(galleryKey);
  if (shownGallery !== galleryKey) {
    setShownGallery(galleryKey);
    setImageIndex(0);
  }
  const price = choice.priceFrom ? `от${NBSP}${formatPrice(choice.price)}` : formatPrice(choice.price);
  const add = (from: Element | null) => {
    const line = choice.takeLine();
    if (line) addToCart(line, from);
    else showProblem(choiceRef.current);
  };
  // inside Telegram its bottom buttons add to the cart and lead to it, instead of the page's own
  const telegramButtons = useTelegramBuyButtons(product, {
    inCart: quantity > 0,
    orderable: availability.orderable,
    prompt: choice.prompt,
    onAdd: () => add(galleryRef.current),
  });

  usePageMeta({ title: product.name, description: product.description, image: images[0]?.image_url, type: "product" });

  return (
    <>
      <div className={styles.product}>
        <div ref={galleryRef} className={`${styles.galleryColumn} ${soldOut ? styles.soldOutGallery : ""}`}>
          <Gallery
            images={images}
            name={product.name}
            index={Math.min(imageIndex, Math.max(0, images.length - 1))}
            onIndex={setImageIndex}
            onOpen={() => setLightboxOpen(true)}
          />
        </div>

        <div className={styles.info}>
          {mainCategory ? (
            <Link to={`/?mainCategory=${mainCategory.id}`} className={styles.category}>
              {mainCategory.name}
            </Link>
          ) : null}
          <h1 className={styles.name}>{product.name}</h1>
          <p className={styles.sku} data-testid="product-sku">
            Арт. {choice.sku}
          </p>
          <div className={styles.priceRow}>
            <p className={`${styles.price} ${choice.priceFrom ? styles.priceFrom : ""}`} data-testid="product-price">
              {price}
            </p>
            <div className={styles.iconActions}>
              <WishlistButton product={product} className={styles.heart} size={22} />
              <ShareMenu productId={product.id} name={product.name} price={choice.price} />
            </div>
          </div>
          <Availability product={choice.stock} className={styles.availability} />
          {product.rating ? (
            <a href="#reviews-heading" className={styles.rating} data-testid="product-rating">
              <Stars rating={product.rating.average} size="sm" /> {ratingLabel(product.rating.average)} · {reviewsCountLabel(product.rating.count)}
            </a>
          ) : null}

          <div ref={choiceRef}>
            <ProductChoice
              product={product}
              selection={choice.selection}
              onPick={choice.pick}
              values={choice.values}
              onValue={choice.setValue}
              askedOptionId={choice.askedOptionId}
              errors={choice.errors}
            />
          </div>

          <div ref={actionsRef} className={`${styles.actions} ${soldOut ? styles.soldOutActions : ""}`}>
            {quantity > 0 && choice.key !== null ? (
              <>
                <button type="button" className="btn btn-lg btn-done" disabled>
                  В корзине
                </button>
                <QuantityControl
                  quantity={quantity}
                  minimum={1}
                  productName={product.name}
                  maximum={quantityLimit(choice.stock)}
                  onChange={(next) => changeCartQuantity(choice.key!, next)}
                />
              </>
            ) : !availability.orderable ? (
              <>
                <button type="button" className={`btn btn-secondary btn-lg ${styles.addButton}`} disabled>
                  {SOLD_OUT_TEXT}
                </button>
                {/* no variant chosen and none can be ordered: the shopper waits for any of them */}
                {inTelegram ? (
                  <BackInStockButton key={choice.variant?.id ?? 0} productId={product.id} variantId={choice.variant?.id} className={styles.addButton} />
                ) : (
                  <BackInStockLink botLink={config.data?.botLink ?? null} productId={product.id} variantId={choice.variant?.id} className={styles.addButton} />
                )}
              </>
            ) : telegramButtons ? null : (
              <button
                type="button"
                className={`btn btn-primary btn-lg ${styles.addButton} replaced-in-telegram`}
                onClick={() => add(galleryRef.current)}
              >
                Добавить в корзину
              </button>
            )}
          </div>
          {soldOut ? <InStockAlternatives products={similar.data} /> : null}
          {quantity > 0 && !telegramButtons ? (
            <p className={styles.inCart}>
              <Link to="/cart">Перейти в корзину →</Link>
            </p>
          ) : null}

          <ProductTabs product={product} sku={choice.sku} />
        </div>
      </div>

      <ProductReviews productId={product.id} />

      {similar.loading || similar.data.length > 0 ? (
        <section className={styles.similar} aria-labelledby="similar-heading">
          <h2 id="similar-heading" className={styles.sectionTitle}>
            Похожие товары
          </h2>
          <ProductGrid products={similar.data} loading={similar.loading} skeletons={4} variant="compact" label="Похожие товары" />
        </section>
      ) : null}

      {telegramButtons ? null : (
        <BuyBar
          name={product.name}
          price={price}
          stock={choice.stock}
          quantity={quantity}
          lineKey={choice.key}
          onAdd={() => add(galleryRef.current)}
          actionsRef={actionsRef}
        />
      )}

      {lightboxOpen && images.length > 0 ? (
        <Lightbox
          images={images}
          name={product.name}
          index={Math.min(imageIndex, images.length - 1)}
          onIndex={setImageIndex}
          onClose={() => setLightboxOpen(false)}
        />
      ) : null}
    </>
  );
}

export default function ProductPage() {
  const id = parseProductId(useParams().id);
  const product = useQuery<Product | null>(id === null ? null : productKey(id), id === null ? async () => null : loadProduct(id), null);
  usePageMeta(product.loading ? null : product.data ? null : { title: "Товар не найден" });

  return (
    <div className={`container ${styles.page}`}>
      {/* inside Telegram its BackButton does this */}
      {isInTelegram() ? null : (
        <nav className={`${styles.back} replaced-in-telegram`} aria-label="Навигация">
          <BackLink />
        </nav>
      )}
      {product.loading ? (
        <p className="loading-text" role="status">
          Загрузка товара...
        </p>
      ) : product.data ? (
        <ProductView key={product.data.id} product={product.data} />
      ) : (
        <EmptyState title="Товар не найден">
          <span>Возможно, его уже купили или ссылка устарела.</span>
          <Link to="/" className="btn btn-primary">
            Перейти в каталог
          </Link>
        </EmptyState>
      )}
    </div>
  );
}
