// The same page skeleton, below this area's own layout (its section tabs stay).
export { default } from '../loading';
