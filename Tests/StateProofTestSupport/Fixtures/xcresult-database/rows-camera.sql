-- A run of permission-state UI tests, in the rows xcresulttool writes (Xcode 26 column names):
-- two devices, two configurations, a failure with file and line, a skip, an expected failure,
-- Swift Testing arguments, a retry that passed, a crash outside any test, two attachments.
INSERT INTO Platforms(rowid, identifier, userDescription) VALUES
  (1, 'com.apple.platform.iphonesimulator', 'iOS Simulator'), (2, 'com.apple.platform.iphoneos', 'iOS');
INSERT INTO Devices(rowid, identifier, name, modelName, operatingSystemVersion, operatingSystemVersionWithBuildNumber, platform_fk, isConcreteDevice) VALUES
  (1, 'SIM-1', 'iPhone 16', 'iPhone 16', '18.6', '18.6 (22G86)', 1, 1),
  (2, '00008110-X', 'Jane''s iPhone', 'iPhone 15', '17.5', '17.5 (21F79)', 2, 1);
INSERT INTO RunDestinations(rowid, name, device_fk) VALUES (1, 'iPhone 16', 1), (2, 'Jane''s iPhone', 2);
INSERT INTO DeveloperTools(rowid, xcodeVersion, xcodeBuildVersion) VALUES (1, '26.1', '17B55');
INSERT INTO TestPlans(rowid, name) VALUES (1, 'Plan');
INSERT INTO TestPlanConfigurations(rowid, testPlan_fk, name) VALUES (1, 1, 'English'), (2, 1, 'German');
INSERT INTO Invocations(rowid, scheme) VALUES (1, 'App');
INSERT INTO Actions(rowid, name, testPlan_fk, runDestination_fk, developerTools_fk, invocation_fk, orderInInvocation) VALUES
  (1, 'Test', 1, 1, 1, 1, 0), (2, 'Test', 1, 2, 1, 1, 1);
INSERT INTO TestPlanRuns(rowid, configuration_fk, testPlan_fk, orderInAction, action_fk) VALUES
  (1, 1, 1, 0, 1), (2, 2, 1, 1, 1), (3, 1, 1, 0, 2);
INSERT INTO Testables(rowid, name, testPlan_fk, testKind) VALUES (1, 'AppUITests', 1, 'UI');
INSERT INTO TestableRuns(rowid, testable_fk, testPlanRun_fk, orderInTestPlanRun) VALUES (1, 1, 1, 0), (2, 1, 2, 0), (3, 1, 3, 0);
INSERT INTO TestSuites(rowid, name, identifier, testable_fk, parentSuite_fk) VALUES
  (1, 'CameraTests', 'CameraTests', 1, NULL), (2, 'Denied', 'CameraTests/Denied', NULL, 1);
INSERT INTO TestSuiteRuns(rowid, testSuite_fk, testableRun_fk, parentSuiteRun_fk) VALUES
  (1, 1, 1, NULL), (2, 1, 2, NULL), (3, 1, 3, NULL), (4, 2, NULL, 1);
INSERT INTO TestCases(rowid, name, identifier, testSuite_fk) VALUES
  (1, 'testAllowed()', 'CameraTests/testAllowed()', 1),
  (2, 'testDenied()', 'CameraTests/testDenied()', 1),
  (3, 'testLimited()', 'CameraTests/testLimited()', 1),
  (4, 'testBlocked()', 'CameraTests/testBlocked()', 1),
  (5, 'Settings link opens', 'CameraTests/Denied/settingsLink(_:)', 2),
  (6, 'testFlaky()', 'CameraTests/testFlaky()', 1);
INSERT INTO RepetitionPolicies(rowid, totalRepetitions, repetition, repetitionModeString) VALUES
  (1, 2, 1, 'RunRetryOnFailure'), (2, 2, 2, 'RunRetryOnFailure');
INSERT INTO SkipNotices(rowid, message, lineNumber, fileName) VALUES (1, 'Test skipped - needs a device', 12, '/Users/ci/App/CameraTests.swift');
INSERT INTO TestCaseRuns(rowid, result, duration, testSuiteRun_fk, testCase_fk, skipNotice_fk, repetitionPolicy_fk) VALUES
  (1, 'Success', 1.5, 1, 1, NULL, NULL),
  (2, 'Success', 1.25, 2, 1, NULL, NULL),
  (3, 'Failure', 2.0, 1, 2, NULL, NULL),
  (4, 'Skipped', 0.0, 1, 3, 1, NULL),
  (5, 'Expected Failure', 0.5, 1, 4, NULL, NULL),
  (6, 'Success', 0.1, 4, 5, NULL, NULL),
  (7, 'Failure', 0.1, 4, 5, NULL, NULL),
  (8, 'Failure', 0.3, 1, 6, NULL, 1),
  (9, 'Success', 0.2, 1, 6, NULL, 2),
  (10, 'Success', 1.0, 3, 1, NULL, NULL);
INSERT INTO SourceCodeLocations(rowid, filePath, lineNumber) VALUES
  (1, '/Users/ci/App/CameraTests.swift', 38), (2, '/Users/ci/App/CameraTests.swift', 51);
INSERT INTO SourceCodeContexts(rowid, location_fk) VALUES (1, 1), (2, 2);
INSERT INTO TestIssues(rowid, issueType, testCaseRun_fk, testSuiteRun_fk, compactDescription, isTopLevel, orderInOwner, sourceCodeContext_fk) VALUES
  (1, 'Assertion Failure', 3, NULL, 'XCTAssertEqual failed: ("denied") is not equal to ("allowed")', 1, 0, 1),
  (2, 'Assertion Failure', 3, NULL, 'second issue', 1, 1, NULL),
  (3, 'Assertion Failure', 5, NULL, 'Camera is blocked by policy', 1, 0, 2),
  (4, 'Thrown Error', 7, NULL, 'Caught error: bad', 1, 0, NULL),
  (5, 'Assertion Failure', 8, NULL, 'timing', 1, 0, NULL),
  (6, 'Uncaught Exception', NULL, 1, 'The app crashed in setUp', 1, 0, NULL),
  (7, 'Assertion Failure', 3, NULL, 'a sub-issue of the first', 0, 2, NULL);
INSERT INTO ExpectedFailures(rowid, testCaseRun_fk, failureReason, issue_fk, isTopLevelFailure, orderInOwner) VALUES
  (1, 5, 'MDM profile pending', 3, 1, 0);
INSERT INTO TestValues(rowid, description) VALUES (1, '"a"'), (2, '"b"'), (3, '1');
INSERT INTO Arguments(rowid, testCaseRun_fk, testValue_fk, orderInTestCaseRun) VALUES (1, 6, 3, 1), (2, 6, 1, 0), (3, 7, 2, 0);
INSERT INTO Activities(rowid, testCaseRun_fk, parent_fk, title) VALUES (1, 3, NULL, 'Start'), (2, NULL, 1, 'Take screenshot');
INSERT INTO Attachments(rowid, name, uniformTypeIdentifier, uuid, timestamp, xcResultKitPayloadRefId, activity_fk, testIssue_fk, filenameOverride) VALUES
  (1, 'perm=camera.denied', 'public.png', 'U-1', 786000000.5, '0~abc_DEF-1==', 2, NULL, 'denied.png'),
  (2, 'Screenshot', 'public.heic', 'U-2', 786000001.0, '../../etc/passwd', NULL, 1, NULL);
