/** A guest basket of three lines (an individual and a team ticket, a sized product), as localStorage holds it. */
export declare function threeLineBasket(base: string): Promise<{ basketGoods: string; NoAuthBasketGoods: string }>;
