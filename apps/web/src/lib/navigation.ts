/** Leaves the shop for another site or app (the bot's deep link). One place, so tests can watch it. */
export function leaveTo(url: string): void {
  window.location.assign(url);
}
