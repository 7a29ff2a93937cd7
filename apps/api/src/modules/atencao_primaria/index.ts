// Front door of primary care (issue 40): its team scope, which the citizens' care rules read.
export { scopeOf } from './scope';
