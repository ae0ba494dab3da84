/** What a provider answered to one send: its id for the message, or why not and whether trying again may help. */
export type ProviderResult =
  | { ok: true; providerMessageId: string }
  | { ok: false; retry: boolean; error: string };
