/** A gift card a paid order bought: its code goes into the receipt mail. */
export interface IssuedGiftCard {
  code: string;
  amount: number;
  redeemableFrom: Date;
}
