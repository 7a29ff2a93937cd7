// Front door of the ombudsman (issue 40): the shell's bell lists the latest notifications and marks them read.
export { IconeTipo } from './IconeTipo';
export { dataHoraSino } from './formato';
export { INTERVALO_SINO_MS, POR_PAGINA_SINO, SINO_API, sinoQuery, useMarcarLida } from './sino/api';
