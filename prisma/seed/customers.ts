import type { Random } from "./random";

const FIRST_NAMES = ["Анна", "Мария", "Екатерина", "Ольга", "Наталья", "Ирина", "Светлана", "Дарья", "Алёна", "Татьяна", "Юлия", "Ксения", "Полина", "Елена", "Алексей", "Дмитрий", "Сергей", "Андрей", "Михаил", "Иван", "Никита", "Павел"];
const LAST_NAMES_F = ["Иванова", "Смирнова", "Кузнецова", "Попова", "Соколова", "Лебедева", "Козлова", "Новикова", "Морозова", "Волкова", "Фёдорова", "Орлова"];
const LAST_NAMES_M = ["Иванов", "Смирнов", "Кузнецов", "Попов", "Соколов", "Лебедев", "Козлов", "Новиков", "Морозов", "Волков", "Фёдоров", "Орлов"];
const CITIES = ["Москва", "Санкт-Петербург", "Казань", "Екатеринбург", "Новосибирск", "Нижний Новгород", "Самара", "Краснодар", "Пермь", "Воронеж", "Ярославль", "Калининград"];
const STREETS = ["ул. Ленина", "ул. Садовая", "пр. Мира", "ул. Гагарина", "ул. Пушкина", "Набережная ул.", "ул. Лесная", "ул. Советская", "Цветной б-р", "ул. Заречная"];
const COMMENTS = ["Позвоните за час до доставки", "Упакуйте, пожалуйста, как подарок", "Домофон не работает, наберите по телефону", "Можно оставить у консьержа", "Доставка после 18:00", ""];

export interface SeedCustomer {
  name: string;
  phone: string;
  address: string;
  telegram: { id: bigint; username: string | null; firstName: string; lastName: string } | null;
}

const TRANSLIT: Record<string, string> = { а: "a", б: "b", в: "v", г: "g", д: "d", е: "e", ё: "e", ж: "zh", з: "z", и: "i", й: "y", к: "k", л: "l", м: "m", н: "n", о: "o", п: "p", р: "r", с: "s", т: "t", у: "u", ф: "f", х: "h", ц: "c", ч: "ch", ш: "sh", щ: "sch", ы: "y", э: "e", ю: "yu", я: "ya", ь: "", ъ: "" };
const latin = (text: string) => [...text.toLowerCase()].map((ch) => TRANSLIT[ch] ?? ch).join("");

export function makeCustomers(r: Random, count: number): SeedCustomer[] {
  return Array.from({ length: count }, (_, i) => {
    const first = r.pick(FIRST_NAMES);
    const female = FIRST_NAMES.indexOf(first) < 14;
    const last = r.pick(female ? LAST_NAMES_F : LAST_NAMES_M);
    const phone = "+79" + String(r.int(100000000, 999999999));
    const address = `г. ${r.pick(CITIES)}, ${r.pick(STREETS)}, д. ${r.int(1, 120)}, кв. ${r.int(1, 300)}`;
    const telegram = r.chance(0.45)
      ? { id: BigInt(100000000 + i * 7919 + r.int(0, 7000)), username: r.chance(0.8) ? `${latin(first)}_${latin(last).slice(0, 5)}${r.int(1, 99)}` : null, firstName: first, lastName: last }
      : null;
    return { name: `${first} ${last}`, phone, address, telegram };
  });
}

export function pickComment(r: Random): string | null {
  const comment = r.pick(COMMENTS);
  return comment && r.chance(0.35) ? comment : null;
}
