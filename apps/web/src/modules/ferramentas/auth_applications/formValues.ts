// The authorized application form (issue 39): its values and their mapping to and from the API. The rules are the
// shared ones (authApplicationInputSchema: an absolute http(s) address, https away from localhost), so the browser
// answers with the API's messages; only the API knows whether another application has the address.
import { z } from 'zod';
import {
  authApplicationInputSchema,
  type AuthApplicationInput,
  type AuthApplicationRecord,
} from '@saude/shared/schemas/auth_applications';
import { addFieldIssues, pickValues } from '../../../lib/form';

const camposSchema = z.object({ nome: z.string().nullable(), uri: z.string().nullable(), ativo: z.boolean() });

export type AplicacaoFormValues = z.input<typeof camposSchema>;
type Campo = keyof AplicacaoFormValues;

export const aplicacaoFormSchema = camposSchema.superRefine((v, ctx) => {
  const r = authApplicationInputSchema.safeParse(formParaApi(v));
  if (!r.success) addFieldIssues(ctx, r.error.issues);
});

export const ROTULOS: Record<Campo, string> = {
  nome: 'Nome da aplicação',
  uri: 'Endereço de retorno (callback)',
  ativo: 'Ativa',
};

export const novaAplicacao = (): AplicacaoFormValues => ({ nome: null, uri: null, ativo: true });

export const aplicacaoParaForm = (a: AuthApplicationRecord): AplicacaoFormValues =>
  pickValues(a, ['nome', 'uri', 'ativo']);

export const formParaApi = (v: AplicacaoFormValues): AuthApplicationInput => ({
  nome: v.nome ?? '',
  uri: v.uri ?? '',
  ativo: v.ativo,
});
