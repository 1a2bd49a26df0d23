-- Issue 31: a promocode's uses per person (the buyer's e-mail or account), counted at checkout in the payment's transaction.
ALTER TABLE "promocodes" ADD COLUMN "max_uses_per_person" integer;
