export * from './accounts';
export * from './catalogue';
export * from './checkin';
export * from './content';
export * from './locations';
export * from './orders';
export * from './shop';
export * from './system';
