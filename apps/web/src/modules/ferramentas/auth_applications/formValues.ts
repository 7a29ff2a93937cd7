// The authorized application form (issue 39), derived from the shared schema (authApplicationFieldsSchema: an
// absolute http(s) address, https away from localhost; its labels), so the browser answers with the API's messages;
// only the API knows whether another application has the address.
import { authApplicationFieldsSchema, authApplicationInputSchema } from '@saude/shared/schemas/auth_applications';
import { formCodec, type CodecValues } from '../../../lib/form';

export const aplicacaoCodec = formCodec(authApplicationFieldsSchema, {
  rules: authApplicationInputSchema,
  defaults: { ativo: true },
});

export type AplicacaoFormValues = CodecValues<typeof authApplicationFieldsSchema>;
