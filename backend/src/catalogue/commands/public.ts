/** The catalogue commands other contexts may send (ordering holds and releases stock; demo data creates products). */
export { CreateCategory } from './create-category.command';
export { CreateProduct } from './create-product.command';
export { ReleaseStock } from './release-stock.command';
export { ReserveStock } from './reserve-stock.command';
export { ProductsForSale } from './products-for-sale.query';
