import { describe, expect, it } from "vitest";
import { initialData } from "../../../src/foundry/data/field-spec.js";
import { problemMessageData } from "../../../src/foundry/data/problem-message.js";
import { reviewDocumentUpdate, updatableFields } from "../../../src/foundry/data/review-document-update.js";
import { escalationUnit } from "../../../src/foundry/data/specs/index.js";

const fields = updatableFields(escalationUnit);
const current = { ...initialData(escalationUnit.fields), schemaVersion: 1 };

describe("reviewDocumentUpdate: the whole update a document or sheet sends", () => {
  it("passes keys outside system through untouched", () => {
    expect(reviewDocumentUpdate(fields, current, { name: "Orrin", img: "a.png" })).toEqual({
      data: { name: "Orrin", img: "a.png" },
      problems: [],
    });
  });

  it("reviews flattened system keys and returns them nested", () => {
    const r = reviewDocumentUpdate(fields, current, { name: "Orrin", "system.hp.value": 50, "system.agility": "2" });
    expect(r.data).toEqual({ name: "Orrin", system: { hp: { value: 10 }, agility: 2 } });
    expect(r.problems.map((p) => p.key)).toEqual(["FRAY.Update.AboveMax"]);
  });

  it("reviews a nested system object the way a sheet submits it", () => {
    const r = reviewDocumentUpdate(fields, current, {
      system: { level: 0, movement: "fast", conditions: { prone: true } },
    });
    expect(r.data).toEqual({ system: { level: 1, conditions: { prone: true } } });
    expect(r.problems.map((p) => p.kind)).toEqual(["belowMin", "notANumber"]);
  });

  it("drops system entirely when nothing in it survives", () => {
    expect(reviewDocumentUpdate(fields, current, { name: "x", system: { bogus: 1 } }).data).toEqual({ name: "x" });
  });

  it("refuses a system that is not an object", () => {
    const r = reviewDocumentUpdate(fields, current, { system: 5 });
    expect(r.data).toEqual({});
    expect(r.problems[0]).toMatchObject({ path: "system", kind: "badType" });
  });

  it("lets a migration write the schema version", () => {
    expect(reviewDocumentUpdate(fields, current, { "system.schemaVersion": 1 }).problems).toEqual([]);
  });

  it("each problem becomes one message with {path} {value} {fixedTo}", () => {
    const r = reviewDocumentUpdate(fields, current, { system: { hp: { value: -2 }, accuracy: "x" } });
    expect(r.problems.map(problemMessageData)).toEqual([
      { path: "system.hp.value", value: "-2", fixedTo: "0" },
      { path: "system.accuracy", value: "x", fixedTo: "" },
    ]);
  });
});
