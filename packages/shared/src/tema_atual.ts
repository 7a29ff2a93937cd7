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
