/**
 * Foundry v13's `ui.notifications`, read from `client/applications/ui/notifications.mjs` (`Notifications#notify`,
 * `info`, `warn`, `error`): with `format`, each value is escaped (`foundry.utils.escapeHTML`,
 * `common/utils/helpers.mjs`) and the key formatted; with `localize`, the key is localised; otherwise the message is
 * taken as it is. The result is HTML (`innerHTML`): v13 only runs its sanitiser (`cleanHTML`) on it, which keeps
 * harmless markup, so this fake keeps the message as the HTML a user's browser would draw.
 */
export interface NotifyI18n {
  localize(key: string): string;
  format(key: string, data: Record<string, string>): string;
}

export interface NotifyOptions {
  localize?: boolean;
  escape?: boolean;
  format?: Record<string, string>;
}

const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};

/** foundry.utils.escapeHTML. */
export const escapeHTML = (value: unknown): string => String(value).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

export class FakeNotifications {
  /** Every notification drawn, its message as the HTML v13 puts in the page. */
  readonly shown: { readonly type: string; readonly html: string }[] = [];

  constructor(readonly i18n: NotifyI18n) {}

  notify(message: unknown, type = "info", { localize = false, escape = true, format }: NotifyOptions = {}): void {
    let text = String(message);
    if (format) {
      const data = escape ? Object.fromEntries(Object.entries(format).map(([k, v]) => [k, escapeHTML(v)])) : format;
      text = this.i18n.format(text, data);
    } else if (localize) text = this.i18n.localize(text);
    this.shown.push({ type, html: text });
  }

  info(message: unknown, options?: NotifyOptions): void {
    this.notify(message, "info", options);
  }

  warn(message: unknown, options?: NotifyOptions): void {
    this.notify(message, "warning", options);
  }

  error(message: unknown, options?: NotifyOptions): void {
    this.notify(message, "error", options);
  }
}
