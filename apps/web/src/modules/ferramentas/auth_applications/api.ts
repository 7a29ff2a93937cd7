// Data hooks of the authorized applications (issue 39), from the kit's resource (lib/resource.ts).
import type {
  AuthApplicationFilters,
  AuthApplicationInput,
  AuthApplicationListItem,
  AuthApplicationRecord,
  AuthApplicationUpdate,
} from '@saude/shared/schemas/auth_applications';
import { resource } from '../../../lib/resource';

export const BASE_PATH = '/ferramentas/auth_applications';

export const aplicacoes = resource<
  AuthApplicationRecord,
  AuthApplicationListItem,
  AuthApplicationFilters,
  AuthApplicationInput | AuthApplicationUpdate
>(BASE_PATH).as('Aplicacao', 'Aplicacoes');

export const { getAplicacao, useAplicacoes, useAplicacao, useSaveAplicacao, useDesativarAplicacao } = aplicacoes;
