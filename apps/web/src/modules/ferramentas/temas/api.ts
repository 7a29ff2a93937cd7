// Data hooks of the campaign themes (issue 21), from the kit's resource (lib/resource.ts).
import type { Tema, TemaFilters, TemaInput, TemaListItem, TemaUpdate } from '@saude/shared/schemas/tema';
import { resource } from '../../../lib/resource';

export const BASE_PATH = '/ferramentas/temas';

// A saved or removed theme may be the one in force: the top bar and the banner read it again.
export const temas = resource<Tema, TemaListItem, TemaFilters, TemaInput | TemaUpdate>(BASE_PATH, {
  related: [['tema_atual']],
}).as('Tema', 'Temas');

export const { getTema, useTemas, useTema, useSaveTema, useDeleteTema } = temas;
