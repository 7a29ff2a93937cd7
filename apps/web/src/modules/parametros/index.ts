// Front door of the unit parameters module (issue 39): the flags of the current unit, for any screen that needs one.
export {
  moduloNaoOferecido,
  PARAMETRO_UNIDADE_KEY,
  parametroDeUnidadeQuery,
  parametroUnidadeQuery,
  useParametroUnidade,
} from './parametroUnidade';
export { UnidadesQueOferecem } from './UnidadesQueOferecem';
