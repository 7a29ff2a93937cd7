// Front door of the addresses module (issue 40).
export { rememberAddress, rememberCep } from './service';
