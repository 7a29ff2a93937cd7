import { z } from 'zod';

/** GET /api/v1/enderecos/cep/{cep}: the address a CEP names (the form fills its fields from it). */
export const enderecoCepSchema = z.object({
  cep: z.string(),
  uf: z.string(),
  municipio: z.string(),
  municipio_ibge: z.string().nullable(),
  tipo_logradouro: z.string().nullable(),
  logradouro: z.string().nullable(),
  bairro: z.string().nullable(),
});
export type EnderecoCep = z.infer<typeof enderecoCepSchema>;
