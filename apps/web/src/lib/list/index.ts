// List pages: layout, table with server pagination, URL state and search box.
export * from './listParams';
export * from './DataList';
export * from './ListPage';
export * from './SearchBox';
export * from './ListError';
