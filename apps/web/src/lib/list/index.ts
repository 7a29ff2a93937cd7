// List pages: the list page bound to the URL's state and a query, its table with server pagination, filters.
export * from './listParams';
export * from './DataList';
export * from './ListLayout';
export * from './ListPage';
export * from './SearchBox';
export * from './filters';
export * from './situacao';
