/**
 * What each demo product is, for its pictures: the kind of object drawn (by product name) and its colours, taken
 * from colour and material words in its name or material ('лавандовый', 'кобальт', 'латунь', 'дуб'…).
 */
import { KINDS, type KindName } from "./pictures/kinds";
import type { Paint } from "./pictures/kit";

export const PRODUCT_KINDS: Record<string, KindName> = {
  "Ваза «Лён» из белой глины": "vase",
  "Кружка «Утро» ручной лепки": "mug",
  "Тарелка «Ёлочка» обеденная": "plate",
  "Салатник «Терракота»": "bowl",
  "Набор пиал «Чайная церемония», 4 шт.": "tea-bowls",
  "Кашпо «Камень» с поддоном": "planter",
  "Молочник «Капля»": "jug",
  "Блюдо сервировочное «Волна»": "platter",
  "Подсвечник «Башенка»": "candlestick",
  "Ваза-бутылка «Сумерки»": "bottle-vase",
  "Кружка «Северное сияние»": "mug",

  "Плед вязаный «Облако»": "blanket",
  "Шарф вязаный «Вереск»": "scarf",
  "Подушка льняная «Прованс»": "pillow",
  "Салфетки льняные, набор 4 шт.": "napkins",
  "Скатерть «Деревенская»": "tablecloth",
  "Фартук «Мастерская»": "apron",
  "Корзина из хлопкового шнура": "basket",
  "Полотенце вафельное, набор 2 шт.": "towels",
  "Варежки «Снегири» с вышивкой": "mittens",
  "Носки шерстяные «Бабушкины»": "socks",
  "Панно-макраме «Солнце»": "macrame",
  "Мешочек для трав и лаванды": "pouch",

  "Свеча соевая «Ваниль и табак»": "jar-candle",
  "Свеча в бетонном стакане «Графит»": "jar-candle",
  "Набор свечей «Ёлка», 3 шт.": "tree-candles",
  "Аромадиффузор «Хвойный лес»": "diffuser",
  "Свеча-столбик из вощины": "pillar-candle",
  "Саше ароматическое «Лаванда»": "sachet",
  "Свеча «Шар» с сухоцветами": "ball-candle",
  "Масло для дома «Цитрус»": "oil-bottle",
  "Свеча массажная «Кокос»": "tin-candle",
  "Подарочный набор «Вечер дома»": "gift-box",

  "Доска разделочная из дуба": "board",
  "Доска для подачи «Ясень»": "board",
  "Ложки из вишни, набор 3 шт.": "spoons",
  "Лопатка кухонная из бука": "spatula",
  "Полка настенная «Сканди»": "shelf",
  "Шкатулка резная «Берёзка»": "carved-box",
  "Подставка под горячее из спилов": "wood-slice",
  "Ёлочные игрушки из можжевельника, 6 шт.": "ornaments",
  "Органайзер для украшений «Ветка»": "jewellery-stand",
  "Часы настенные из ореха": "clock",
  "Поднос с ручками «Дача»": "tray",

  "Венок из сухоцветов «Осень»": "wreath",
  "Рождественский венок «Хвоя»": "pine-wreath",
  "Букет из сухоцветов «Пастель»": "bouquet",
  "Зеркало в раме из джута": "mirror",
  "Гирлянда «Звёзды» из фетра": "garland",
  "Ловец снов «Лесной»": "dreamcatcher",
  "Ангел из шамота": "angel",
  "Постер «Травы» в раме": "poster",
  "Колокольчик керамический «Зима»": "bell",
  "Корзина для дров плетёная": "basket",
  "Подвеска «Луна» из латуни": "moon",

  "Серьги «Капли» из полимерной глины": "drop-earrings",
  "Кольцо серебряное «Веточка»": "ring",
  "Браслет из лунного камня": "bracelet",
  "Брошь вышитая «Снегирь»": "brooch",
  "Кулон «Янтарь» на шнурке": "pendant",
  "Серьги-кольца из латуни": "hoop-earrings",
  "Заколка деревянная «Листок»": "hair-clip",
  "Колье «Рябина»": "necklace",
  "Набор колец «Три луны»": "ring-set",
  "Шкатулка-ракушка для колец": "shell-dish",
};

/** Colour and material words, first match wins (the name is searched before the material). */
const COLOUR_WORDS: [string, Partial<Paint>][] = [
  ["лаванд", { accent: "#9c88c4" }],
  ["терракот", { main: "#b4583a" }],
  ["красная глина", { main: "#b4583a" }],
  ["белая глина", { main: "#ece6dc" }],
  ["шамот", { main: "#d9cbb6" }],
  ["северное сияние", { main: "#f1f3f5", accent: "#2f4fa2" }],
  ["кобальт", { main: "#2f4fa2" }],
  ["графит", { main: "#8c8d8b" }],
  ["бетон", { main: "#9a9b98" }],
  ["ваниль", { main: "#7a5236", accent: "#f3e7cf" }],
  ["кокос", { main: "#c9c2b8", accent: "#f7f2ea" }],
  ["цитрус", { main: "#f0a02a" }],
  ["хвойный", { main: "#2f5a3a" }],
  ["вощин", { main: "#e0a43a" }],
  ["пастель", { main: "#e7b8c0", accent: "#c9b6de" }],
  ["рябин", { main: "#d23a2a" }],
  ["янтар", { main: "#e08a1e" }],
  ["лунн", { main: "#dfe6f0" }],
  ["серебр", { main: "#c9ccd1" }],
  ["латун", { main: "#c9a24a" }],
  ["полимерн", { main: "#c8643c" }],
  ["утро", { main: "#d98f56" }],
  ["льнян", { main: "#d8cbb0" }],
  ["дуб", { main: "#b98a55" }],
  ["ясень", { main: "#dcc39a" }],
  ["вишн", { main: "#a0522d" }],
  ["бук", { main: "#d4a373" }],
  ["сосна", { main: "#e2bf86" }],
  ["берёз", { main: "#eedcb8" }],
  ["орех", { main: "#6b4631" }],
  ["липа", { main: "#c89a64" }],
  ["груша", { main: "#b07a4c" }],
  ["можжевел", { main: "#d8b27a" }],
  ["ива", { main: "#b08a5a" }],
  ["джут", { main: "#c2a072" }],
  ["фетр", { main: "#c0392b" }],
];

export function kindOf(productName: string): KindName {
  const kind = PRODUCT_KINDS[productName];
  if (!kind || !(kind in KINDS)) throw new Error(`The demo product «${productName}» has no kind of picture`);
  return kind;
}

export function paintOf(productName: string, material: string | null): Paint {
  const paint = { ...KINDS[kindOf(productName)]!.paint };
  const name = productName.toLowerCase();
  const materialWords = (material ?? "").toLowerCase();
  const found = COLOUR_WORDS.find(([word]) => name.includes(word)) ?? COLOUR_WORDS.find(([word]) => materialWords.includes(word));
  return { ...paint, ...found?.[1] };
}
