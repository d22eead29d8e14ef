import { useEffect, useId, useRef, useState } from "react";
import type { CitiesResponse, DeliveryChoiceBody, DeliveryPointWire, MethodQuoteWire, QuoteBody, QuoteResponse } from "@shop/shared/schemas/delivery";
import { api } from "../../lib/api";
import styles from "./DeliveryPicker.module.css";

type City = CitiesResponse["cities"][number];

/** What checkout needs of the delivery choice: what to send with the order and what the totals show. */
export interface DeliverySelection {
  /** null: no method chosen yet (or the shop has none set up) */
  choice: DeliveryChoiceBody | null;
  /** roubles this cart pays for it; null: the manager prices it («стоимость уточнит менеджер») */
  fee: number | null;
  text: string | null;
  needsAddress: boolean;
  /** a method is chosen and, where one is needed, a pickup point */
  complete: boolean;
}

interface Props {
  items: readonly { id: number; quantity: number }[];
  onChange(selection: DeliverySelection): void;
  /** bumped when the server said the price changed: the methods are quoted again */
  refresh: number;
  disabled?: boolean;
}

const KIND_LABEL = { point: "пункт", locker: "постамат" } as const;

/**
 * The delivery step of checkout (docs/delivery.md#checkout): the city with suggestions, the methods offered there
 * with their price and dates, and for a pickup point the list with search by street and kind.
 */
export function DeliveryPicker({ items, onChange, refresh, disabled }: Props) {
  const id = useId();
  const [cityText, setCityText] = useState("");
  const [city, setCity] = useState<City | null>(null);
  /** the city the methods are quoted for: a suggestion chosen, or what was typed once the field is left */
  const [quotedCity, setQuotedCity] = useState<{ name: string; code: number | null; postal: string | null }>({ name: "", code: null, postal: null });
  const [suggestions, setSuggestions] = useState<City[]>([]);
  const [quotes, setQuotes] = useState<QuoteResponse | null>(null);
  const [quoting, setQuoting] = useState(false);
  const [method, setMethod] = useState<MethodQuoteWire["method"] | null>(null);
  const [pointSearch, setPointSearch] = useState("");
  const [kind, setKind] = useState<"point" | "locker" | null>(null);
  const [points, setPoints] = useState<{ available: boolean; points: DeliveryPointWire[] } | null>(null);
  const [point, setPoint] = useState<DeliveryPointWire | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const cartKey = JSON.stringify(items.map((item) => ({ product_id: item.id, quantity: item.quantity })));

  // suggestions as the shopper types (after a short pause)
  useEffect(() => {
    const typed = cityText.trim();
    if (typed.length < 2 || (city && city.city === typed)) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .deliveryCities(typed, controller.signal)
        .then((answer) => setSuggestions(answer.cities))
        .catch(() => setSuggestions([]));
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [cityText, city]);

  // the methods of the city for this cart
  useEffect(() => {
    const controller = new AbortController();
    setQuoting(true);
    api
      .deliveryQuote(
        { city: quotedCity.name, city_code: quotedCity.code, postal_code: quotedCity.postal, cart_items: JSON.parse(cartKey) as QuoteBody["cart_items"] },
        controller.signal,
      )
      .then((answer) => setQuotes(answer))
      .catch(() => setQuotes(null))
      .finally(() => setQuoting(false));
    return () => controller.abort();
  }, [quotedCity, cartKey, refresh]);

  const quote = quotes?.methods.find((candidate) => candidate.method === method) ?? null;

  // the pickup points of the city, by street and kind
  useEffect(() => {
    if (!quote?.needs_point || !city) {
      setPoints(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .deliveryPoints(city.code, pointSearch.trim(), kind, controller.signal)
        .then(setPoints)
        .catch(() => setPoints({ available: false, points: [] }));
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [quote?.needs_point, city, pointSearch, kind]);

  useEffect(() => {
    if (!quote) {
      onChangeRef.current({ choice: null, fee: null, text: null, needsAddress: false, complete: false });
      return;
    }
    onChangeRef.current({
      choice: {
        method: quote.method,
        city: quote.method === "pickup" ? null : quotedCity.name || null,
        city_code: quotedCity.code,
        postal_code: quotedCity.postal,
        point_code: quote.needs_point ? (point?.code ?? null) : null,
        quote_id: quote.quote_id,
        expected_price: quote.price,
      },
      fee: quote.fee,
      text: quote.text,
      needsAddress: quote.needs_address,
      complete: !quote.needs_point || point !== null,
    });
  }, [quote, point, quotedCity]);

  if (quotes && !quotes.configured) return null;

  const chooseCity = (chosen: City) => {
    setCity(chosen);
    setQuotedCity({ name: chosen.city, code: chosen.code, postal: chosen.postal_code });
    setCityText(chosen.city);
    setSuggestions([]);
    setPoint(null);
  };

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`} data-testid="delivery-picker">
      <h2 id={`${id}-title`} className={styles.title}>
        Доставка
      </h2>
      <fieldset className={styles.fields} disabled={disabled}>
        <div className={`field ${styles.cityField}`}>
          <label htmlFor={`${id}-city`}>Город</label>
          <input
            id={`${id}-city`}
            className="input"
            autoComplete="address-level2"
            placeholder="Начните вводить город"
            value={cityText}
            role="combobox"
            aria-expanded={suggestions.length > 0}
            aria-controls={`${id}-cities`}
            onChange={(event) => {
              setCityText(event.target.value);
              if (city) setCity(null);
            }}
            onBlur={() => {
              if (city) return;
              const typed = cityText.trim();
              const exact = suggestions.find((candidate) => candidate.city.toLowerCase() === typed.toLowerCase());
              if (exact) chooseCity(exact);
              else if (typed !== quotedCity.name) setQuotedCity({ name: typed, code: null, postal: null });
            }}
          />
          {suggestions.length > 0 ? (
            <ul id={`${id}-cities`} className={styles.suggestions} role="listbox" data-testid="city-suggestions">
              {suggestions.map((candidate) => (
                <li key={candidate.code} role="option" aria-selected={false}>
                  <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => chooseCity(candidate)}>
                    <strong>{candidate.city}</strong>
                    {candidate.region && candidate.region !== candidate.city ? <span>{candidate.region}</span> : null}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>

        {quoting && !quotes ? <p className={styles.muted}>Считаем доставку…</p> : null}
        {quotes && !quotedCity.name ? <p className={styles.muted}>Укажите город — покажем все способы доставки.</p> : null}
        {quotes && quotes.methods.length > 0 ? (
          <div className={styles.methods} role="radiogroup" aria-label="Способ доставки" data-testid="delivery-methods">
            {quotes.methods.map((candidate) => (
              <label key={candidate.method} className={`${styles.method} ${candidate.method === method ? styles.chosen : ""}`}>
                <input
                  type="radio"
                  name={`${id}-method`}
                  checked={candidate.method === method}
                  onChange={() => {
                    setMethod(candidate.method);
                    setPoint(null);
                  }}
                />
                <span data-testid={`delivery-method-${candidate.method}`}>{candidate.text}</span>
              </label>
            ))}
          </div>
        ) : null}

        {quote?.method === "pickup" && quotes?.pickup ? (
          <p className={styles.pickup}>
            {quotes.pickup.address}
            {quotes.pickup.hours ? <span> · {quotes.pickup.hours}</span> : null}
          </p>
        ) : null}

        {quote?.needs_point && !city ? <p className={styles.muted}>Выберите город из подсказок, чтобы увидеть пункты выдачи.</p> : null}
        {quote?.needs_point && city ? (
          <div className={styles.points}>
            <div className={styles.pointTools}>
              <input
                className="input"
                placeholder="Улица или название пункта"
                aria-label="Поиск пункта выдачи"
                value={pointSearch}
                onChange={(event) => setPointSearch(event.target.value)}
              />
              <div className={styles.kinds} role="group" aria-label="Тип пункта">
                {([null, "point", "locker"] as const).map((value) => (
                  <button key={value ?? "all"} type="button" className={kind === value ? styles.kindOn : undefined} aria-pressed={kind === value} onClick={() => setKind(value)}>
                    {value === null ? "Все" : value === "point" ? "Пункты" : "Постаматы"}
                  </button>
                ))}
              </div>
            </div>
            {points && !points.available ? <p className={styles.muted}>СДЭК сейчас не отвечает: пункт уточнит менеджер.</p> : null}
            {points?.available && points.points.length === 0 ? <p className={styles.muted}>Ничего не нашлось.</p> : null}
            <ul className={styles.pointList} data-testid="delivery-points">
              {points?.points.map((candidate) => (
                <li key={candidate.code}>
                  <label className={`${styles.point} ${point?.code === candidate.code ? styles.chosen : ""}`}>
                    <input type="radio" name={`${id}-point`} checked={point?.code === candidate.code} onChange={() => setPoint(candidate)} />
                    <span>
                      <strong>{candidate.address}</strong>
                      <span className={styles.kind}>{KIND_LABEL[candidate.kind]}</span>
                      <br />
                      <span className={styles.muted}>{candidate.hours}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </fieldset>
    </section>
  );
}
