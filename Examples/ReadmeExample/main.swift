import Flipbook

let stage = Stage(size: CGSize(width: 375, height: 200), scale: 2)
let dot = CAShapeLayer()
dot.path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 10, height: 10)).cgPath
dot.frame = CGRect(x: 182, y: 95, width: 10, height: 10)
stage.rootLayer.addSublayer(dot)

let grow = CABasicAnimation(keyPath: "transform.scale")
grow.toValue = 1.5
grow.duration = 0.35
dot.add(grow, forKey: "grow")

stage.advance(to: 0.175)  // fires due callbacks in time order
print(dot.presentation()!.transform.m11)  // 1.25: the evaluated scale at 0.175 s
// A render starts at the Stage's current time: frame k shows 0.175 + k/30 s.
try stage.render(duration: 1.0, fps: 30, to: URL(fileURLWithPath: "dot.gif"))
