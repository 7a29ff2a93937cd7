// Front door of the citizen registry (issue 40): what other modules and the shell may use. Citizen-wide pieces live
// here: the registry's search and one citizen, the citizen picker, the death badge.
export { useBuscaMunicipes, useMunicipe } from './api';
export { MunicipePicker, municipeRotulo, type MunicipePickerProps, type MunicipeResumo } from './MunicipePicker';
export { ObitoBadge } from './ObitoBadge';
