/** The shapes the API answers with (backend query views). */
export interface Product {
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

export interface Category {
  id: number;
  name: string;
  description: string | null;
  productCount: number;
}

export interface CurrentUser {
  id: string;
  email: string;
  fullName: string;
  firstName: string;
  role: 'admin' | 'customer';
  profileImageUrl: string | null;
}

export interface RatingSummary {
  averageRating: number;
  totalReviews: number;
}

export interface Review {
  id: string;
  productId: number;
  userId: string;
  user: { fullName: string };
  rating: number;
  title: string;
  content: string;
  pros: string[];
  cons: string[];
  verified: boolean;
  helpful: number;
  unhelpful: number;
  createdAt: string;
  updatedAt: string;
  adminResponse: string | null;
  adminResponseAt: string | null;
  myVote: boolean | null;
}

export interface ReviewInput {
  rating: number;
  title: string;
  content: string;
  pros: string[];
  cons: string[];
}

export interface ShippingAddress {
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export interface OrderItem {
  productId: number;
  name: string;
  sku: string;
  quantity: number;
  unitPrice: string;
  lineTotal: string;
}

export interface Order {
  id: number;
  customerId: string | null;
  customerEmail: string;
  status: 'pending' | 'processing' | 'shipped' | 'delivered' | 'cancelled';
  paymentStatus: 'pending' | 'confirmed' | 'failed';
  paymentMethod: string;
  shippingMethod: string;
  subtotal: string;
  discountPercentage: number;
  discountAmount: string;
  shippingCost: string;
  totalAmount: string;
  referralCode: string | null;
  shippingAddress: ShippingAddress;
  deliveryInstructions: string | null;
  items: OrderItem[];
  paymentId: number | null;
  blockchainTxHash: string | null;
  transactionId: string | null;
  trackingNumber: string | null;
  shippingCarrier: string | null;
  shippedAt: string | null;
  adminNotes: string | null;
  createdAt: string;
  updatedAt: string;
  whatsappContactLink?: string;
}

export interface CheckoutQuote {
  items: OrderItem[];
  subtotal: string;
  discountPercentage: number;
  discountAmount: string;
  shippingCost: string;
  totalAmount: string;
  referralCode: string | null;
}

export interface Payment {
  id: number;
  orderId: number;
  paymentMethod: string;
  coin: string;
  amount: string;
  cryptoAmount: string;
  walletAddress: string;
  paymentUri: string;
  status: 'pending' | 'confirmed' | 'failed';
  transactionId: string | null;
  blockchainTxHash: string | null;
  failureReason: string | null;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
}

export type WalletAddresses = Record<string, string>;
