// Addresses no page answers get the console's own 404 inside the console's shell: the same
// layout, in a group of its own because the console's pages stream behind a loading boundary,
// and a response that has begun streaming can no longer say 404.
export { default } from '../(console)/layout';
