// Front door of the tools module (issue 40): the applications allowed a SenhaSimples token.
export { porUri, registrarSenhaSimples, uriDaMesa } from './auth_applications/service';
