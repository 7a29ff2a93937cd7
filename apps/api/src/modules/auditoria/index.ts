// Front door of the audit module (issue 40).
export { celulaCsv } from './service';
