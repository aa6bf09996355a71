export type LegalSection = { title: string; paragraphs?: string[]; items?: string[]; after?: string[] };
