/** A legal text; its strings may hold catalogue tokens (`{support_email}`, `{price:<plan id>}`: catalogue-copy.ts). */
export type LegalSection = { title: string; paragraphs?: string[]; items?: string[]; after?: string[] };
