// What GET /api/v1/ferramentas/tema_atual answers, as a plain type: the shell reads it without zod (issue 15 budget).
export type TemaAtual = {
  id: string;
  objetivo: string;
  descricao: string | null;
  cor_primaria: string;
  cor_secundaria: string;
  imagem_base64: string | null;
  icon: string | null;
  vigencia_inicio: string;
  vigencia_fim: string;
  recorrente: boolean;
};

/** The icons a theme may show when it has no image (a small set of the product's Tabler icons, by name). */
export const ICONES_TEMA = [
  'ribbon-health',
  'heart',
  'vaccine',
  'virus',
  'moustache',
  'baby-carriage',
  'droplet',
  'brain',
  'apple',
  'speakerphone',
] as const;
export type IconeTema = (typeof ICONES_TEMA)[number];
