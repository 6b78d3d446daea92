/** The catalogue as the API answers it; free of framework code, so the storefront shares these types. */

export interface ProductView {
  id: number;
  name: string;
  sku: string;
  description: string;
  price: string;
  salePrice: string | null;
  isOnSale: boolean;
  stock: number;
  imageUrl: string | null;
  grade: string | null;
  dosage: string | null;
  contents: string | null;
  badges: string[];
  categoryId: number | null;
  isActive: boolean;
  createdAt: string;
  averageRating: number;
  totalReviews: number;
}

export interface CategoryView {
  id: number;
  name: string;
  description: string | null;
  productCount: number;
}
