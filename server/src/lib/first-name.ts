/** "Ada Lovelace" -> "Ada": how a mail or a drafted reply greets a person (the AI's drafts, the secure link's mail). */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] || name.trim();
