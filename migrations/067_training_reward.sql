-- Training certificates as bid material for rewards (docs/decisions/0019-training.md, 0013): a class's certificate
-- rule names the reward kind and level its certificates count as (values of the dictionaries cert_kind and
-- cert_level that the reward rules use; '' none: its certificates cannot be claimed), and an application made with
-- a training certificate names it (reward_application.training_cert_id; expert_id is then NULL and cert_number the
-- certificate's serial).
ALTER TABLE training_cert_rule ADD COLUMN reward_kind TEXT NOT NULL DEFAULT '';
ALTER TABLE training_cert_rule ADD COLUMN reward_level TEXT NOT NULL DEFAULT '';
ALTER TABLE reward_application ADD COLUMN training_cert_id BIGINT;
