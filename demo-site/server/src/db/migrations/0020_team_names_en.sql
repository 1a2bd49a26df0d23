-- Issue 35: the English form of a team's name (the English UI), as the other seeded names have theirs. Teams
-- made by buyers keep their one name (null here); the seed's names are given theirs in databases seeded before.
ALTER TABLE "teams" ADD COLUMN "name_en" text;
--> statement-breakpoint
UPDATE "teams" SET "name_en" = CASE "name"
  WHEN 'Быстрые лоси' THEN 'Swift Moose'
  WHEN 'Северный ветер' THEN 'North Wind'
  WHEN 'Огненные пятки' THEN 'Fiery Heels'
  WHEN 'Команда мечты' THEN 'Dream Team'
  WHEN 'Железные ноги' THEN 'Iron Legs'
  WHEN 'Стальные нервы' THEN 'Nerves of Steel'
  WHEN 'Свои люди' THEN 'Our Own Folk'
  WHEN 'Второе дыхание' THEN 'Second Wind'
END
WHERE "name_en" IS NULL;
