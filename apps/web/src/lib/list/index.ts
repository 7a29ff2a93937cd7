// List pages: layout, the list binding (URL state → query → error and table with server pagination), filters.
export * from './listParams';
export * from './DataList';
export * from './ListPage';
export * from './ListResults';
export * from './SearchBox';
export * from './filters';
