export { newId } from '@saude/shared/ids';
