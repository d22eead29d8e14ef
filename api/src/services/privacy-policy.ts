import { readFile } from "node:fs/promises";

/**
 * The privacy policy shown at /privacy (docs/product.md#privacy-policy): the seller's own text from
 * PRIVACY_POLICY_FILE (plain text, paragraphs separated by blank lines), read on every request so a replaced file
 * shows at once; the shop's general text while there is no such file.
 */

export const DEFAULT_PRIVACY_POLICY = `Политика обработки персональных данных

Эта политика описывает, как магазин (оператор персональных данных) обрабатывает персональные данные покупателей в соответствии с Федеральным законом от 27.07.2006 № 152-ФЗ «О персональных данных».

Какие данные мы обрабатываем: имя, номер телефона, адрес доставки и комментарий к заказу, которые вы указываете при оформлении заказа; при заказе через Telegram — также ваш идентификатор и имя пользователя в Telegram.

Зачем: чтобы принять и выполнить ваш заказ — связаться с вами для уточнения доставки и оплаты, доставить товар и ответить на ваши вопросы. Мы не используем эти данные для рассылок и не передаём их третьим лицам, кроме службы доставки в объёме, нужном для доставки заказа.

Как: данные хранятся в базе данных магазина на территории Российской Федерации и доступны только сотрудникам, которые обрабатывают заказы. Мы храним их, пока это нужно для выполнения заказа и исполнения требований закона (в том числе бухгалтерского учёта).

Ваши права: вы можете узнать, какие ваши данные мы храним, потребовать их уточнить или удалить и отозвать согласие на обработку, написав или позвонив продавцу. Отзыв согласия не влияет на уже выполненные заказы.

Нажимая «Оформить заказ», вы даёте согласие на обработку персональных данных на условиях этой политики.`;

export async function readPrivacyPolicy(file: string): Promise<string> {
  try {
    const text = (await readFile(file, "utf8")).trim();
    return text || DEFAULT_PRIVACY_POLICY;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return DEFAULT_PRIVACY_POLICY;
    throw error;
  }
}
